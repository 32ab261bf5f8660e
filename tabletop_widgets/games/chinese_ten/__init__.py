"""Chinese Ten."""
