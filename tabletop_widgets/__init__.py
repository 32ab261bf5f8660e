"""tabletop-widgets: interactive rules tutorials and sandboxes for card games."""

__version__ = "0.1.0"
