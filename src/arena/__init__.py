"""arena: rules, judge, tournaments and strong players for five CodeCup-style games."""
