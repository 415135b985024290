"""One scenario's walkthrough: drafted once from its run (`walkthrough`) and placed on the
page that shows it (`placing`). Imports `pages` and the core."""
