from .spell import check
