"""The app around the games: the landing page and Voilà serving."""
