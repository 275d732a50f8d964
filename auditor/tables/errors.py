"""What writing the tables can refuse, without pyarrow (the command line imports it)."""


class OutputExistsError(Exception):
    """``out`` already holds results and neither overwrite nor append was asked for."""
