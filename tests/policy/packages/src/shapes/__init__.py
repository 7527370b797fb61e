from .base import Circle, area
from . import svg
