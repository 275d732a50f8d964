from auditor import events as ev
from auditor.read.split import RawHand
from auditor.parse.errors import HandParseError


class ExportReader:
    def read(self, raw: RawHand) -> ev.Hand:
        raise HandParseError(raw.file, raw.first_line, 1, raw.header, "todo")
