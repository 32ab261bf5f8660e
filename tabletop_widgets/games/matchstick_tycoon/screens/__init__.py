"""One screen per notebook page: tutorial, play, sandbox."""
