"""A trained logistic regression: a bias, a weight per feature, and the threshold cross-validation chose. A
statement's features are binary and scaled by one over the square root of their number, as in training
(evaluation/statements/learning.py). The weights ship as package data (models.json.gz)."""

from __future__ import annotations

import gzip
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class Model:
    """P(yes | features) = sigmoid(bias + sum of the weights of the features present / sqrt(#features))."""

    bias: float
    weights: Mapping[str, float]
    threshold: float

    def probability(self, features: set[str]) -> float:
        if not features:
            return 1.0 / (1.0 + math.exp(-self.bias))
        z = self.bias + sum(self.weights.get(f, 0.0) for f in features) / math.sqrt(len(features))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def says(self, features: set[str]) -> bool:
        return self.probability(features) >= self.threshold

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Model:
        return Model(float(d["bias"]), {str(k): float(v) for k, v in d["weights"].items()}, float(d["threshold"]))


@cache
def _raw() -> dict[str, Any]:
    packed = resources.files("words.reader.learned").joinpath("models.json.gz").read_bytes()
    data: dict[str, Any] = json.loads(gzip.decompress(packed).decode("utf-8"))
    return data


def shipped_default() -> dict[str, str]:
    """language -> the model ("patterns" or "combined") cross-validation chose."""
    return {str(k): str(v) for k, v in _raw()["default"].items()}


@cache
def shipped() -> dict[str, dict[str, Model]]:
    """The shipped models: language -> part ("side", "check", "result") -> Model."""
    return {lang: {part: Model.from_dict(d) for part, d in parts.items()} for lang, parts in _raw()["models"].items()}
