"""Reading input: bytes to text (any encoding the rooms use), text to raw hands."""
