"""The outside world behind the application's ports."""
