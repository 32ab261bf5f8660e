"""Game-agnostic widgets and screens: the event-widget base, the replay stepper, the hot-seat
gate, lazy sections, the lesson course, the play-screen controller and the shared CSS."""
