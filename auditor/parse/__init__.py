"""Text to events: the grammars and the readers that turn their lines into events."""
