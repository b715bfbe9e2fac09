"""The HTML pages: public (home, ranking, games), accounts, a contestant's, the organiser's, the
rules; and how a page is rendered."""
