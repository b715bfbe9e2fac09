"""Who is asking and how much they may send: sessions and tokens, CSRF, logins and their
throttle, body limits."""
