"""`checker new NAME`: a rules site and a game package that build and test green at once
(`checker.scaffold.new`), written from the template files of `template/`
(`checker.scaffold.render`)."""
