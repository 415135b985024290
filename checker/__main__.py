"""`python -m checker` runs the command line."""

import sys

from checker.cli import main

sys.exit(main())
