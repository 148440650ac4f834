"""The anywidget boards."""

from .board import Board, KiothiBoard, KisoloBoard

__all__ = ["Board", "KiothiBoard", "KisoloBoard"]
