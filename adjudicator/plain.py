"""Plain data (JSON/YAML) to the adjudicator's frozen dataclasses and back.

The calculators take and return frozen dataclasses. :func:`from_plain` builds
them from dicts, lists, strings and numbers, checking every field against its
type annotation and collecting every problem (with its dotted path) before it
raises :class:`InvalidScenario`; :func:`to_plain` turns any result back into
JSON-ready data. Standard library only, so the same conversion runs in the CLI
and in a browser page (Pyodide). Range checks that a type cannot express live in
each dataclass's ``__post_init__``, which raises :class:`ScenarioError` with the
field name (or :class:`InvalidScenario` listing several); the path of the
enclosing object is prefixed here.

Every problem at once: when some fields of a dataclass fail, the fields that did
convert are kept in a :class:`Partial` (a nested dataclass that failed becomes a
``Partial`` too, in place), and the dataclass is asked what else it can find with them
(:meth:`PlainHooks.partial_problems`): a scenario whose map has a problem still has its
units checked against the hexes it names. By default its ``__post_init__`` checks run on
the fields that did convert (on a stand-in that refuses to give a failed field): the
checks that come before the first one needing a failed field still report, so a type
error in one field does not hide a rule broken by another.

A dataclass takes part in its own conversion only through the hooks declared on
:class:`PlainHooks`, which it derives from: it may write its plain data out in full before
it is converted (a hex map's regions and printed hex numbers become hexes:
:meth:`~PlainHooks.expand_plain`), check what it can of a partial value
(:meth:`~PlainHooks.partial_problems`, or :class:`CheckedWholeOrPartial`'s one set of
checks for both), and widen the JSON Schema made from its fields to what it accepts
besides them (:meth:`~PlainHooks.extend_json_schema`, used by ``rulebook schema`` and the
calculator forms, not by this module).

Supported annotations: ``int``, ``float``, ``str``, ``bool``, ``Any``, enums,
``Literal[...]``, ``X | None``, ``tuple[X, ...]``, ``tuple[X, Y]``,
``dict[K, V]`` (keys ``str``, ``int`` or an enum), nested dataclasses.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar, get_args, get_origin, get_type_hints

from adjudicator.errors import AdjudicatorError, ScenarioError
from adjudicator.limits import SizeLimit
from adjudicator.messages import ENGLISH, N_, AnswerLanguage, Message, N_plural, Plural
from adjudicator.trace import Step

__all__ = [
    "CheckedWholeOrPartial",
    "FieldNotConverted",
    "InvalidScenario",
    "Partial",
    "PlainHooks",
    "REQUIRED_FIELD_MISSING",
    "from_plain",
    "part",
    "to_plain",
    "xml_text",
]

T = TypeVar("T")

REQUIRED_FIELD_MISSING = N_("required field is missing")
"""The problem of a field without a default that the plain data leaves out."""


def xml_text(text: str) -> str:
    """Text for an SVG (XML) element, the pictures' words: ``&``, ``<`` and ``>`` as entities.

    Not ``xml.sax.saxutils.escape``: that module imports urllib and email, which a calculator
    page would then download with Pyodide's standard library (see rulebook/site/runtime.py).

    >>> xml_text("1 < 2 & 3 > 2")
    '1 &lt; 2 &amp; 3 &gt; 2'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class InvalidScenario(AdjudicatorError):
    """Every problem found in one scenario.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Side:
    ...     units: dict[str, int]
    >>> try:
    ...     from_plain(Side, {"units": {"infantry": "three"}, "colour": "red"})
    ... except InvalidScenario as error:
    ...     print(error)
    colour: unknown field; expected one of: units
    units.infantry: must be an integer (got 'three')
    """

    def __init__(self, errors: list[ScenarioError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(error) for error in errors))


def _as_written(path: str) -> str:
    return path


class PlainHooks:
    """Base of a dataclass that takes part in its own conversion: every hook :func:`from_plain` calls, declared.

    A dataclass derives from it and overrides the hooks it needs; each default leaves the
    conversion as it is for a dataclass without hooks, so nothing is found by name. A hook
    is a class or static method: it runs before there is an instance.
    """

    #: How far the plain data of a scenario may grow where a calculator's cost grows with it, checked
    #: before conversion (:func:`adjudicator.limits.size_problems`). Default: no limit of its own.
    size_limits: ClassVar[tuple[SizeLimit, ...]] = ()

    @classmethod
    def expand_plain(cls, data: Mapping[str, Any]) -> tuple[Any, list[ScenarioError], Callable[[str], str | None]]:
        """The plain data written out in full before it is converted, the problems found doing so, and a function
        from a path in the full data to the path the scenario wrote (``None``: that problem is reported already),
        so that every problem names the entry to change. A hex map writes out its regions and printed hex numbers
        as hexes.

        Default: the data as written, no problem, every path its own.
        """
        return data, [], _as_written

    @classmethod
    def partial_problems(cls, partial: Partial) -> list[ScenarioError]:
        """The problems a value of the class still shows when some of its fields did not convert (``partial``
        holds those that did; their own problems are reported already).

        Default: the class's ``__post_init__`` checks, run on a stand-in that refuses to give a failed field;
        the checks before the first one that needs a failed field report.
        """
        return _checks_of_the_rest(partial)

    @staticmethod
    def extend_json_schema(schema: dict[str, Any]) -> None:
        """Widen, in place, the JSON Schema made from the class's fields to what :meth:`expand_plain` accepts
        besides them (hexes named by printed number, regions). Default: the schema as made."""


class CheckedWholeOrPartial(PlainHooks):
    """Base of a scenario dataclass whose cross-field checks run on whole fields and on partial ones.

    A subclass gives :meth:`scenario_problems`; it is called when the scenario is built (its
    problems raised as :class:`InvalidScenario`) and, as ``partial_problems``, by
    :func:`from_plain` when some fields failed, so one set of checks serves both.
    """

    @staticmethod
    def scenario_problems(given: dict[str, Any]) -> list[ScenarioError]:
        """The problems of the fields in ``given`` (whole values or :class:`Partial` ones)."""
        raise NotImplementedError

    def __post_init__(self) -> None:
        problems = self.scenario_problems(
            {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}  # type: ignore[arg-type]
        )
        if problems:
            raise InvalidScenario(problems)

    @classmethod
    def partial_problems(cls, partial: Partial) -> list[ScenarioError]:
        """The problems of a scenario whose fields have problems of their own: the same checks, on the fields
        that converted."""
        return cls.scenario_problems(partial.fields)


@dataclasses.dataclass(frozen=True)
class Partial:
    """A dataclass that could not be built: its type and the fields that did convert.

    A field that failed is absent; a nested dataclass or list item that failed is a
    ``Partial`` itself. Validation code reads both the same way through :func:`part`.
    """

    cls: type[Any]
    fields: dict[str, Any]
    """The fields given that converted (a field left out, with its default, is not here)."""
    failed: frozenset[str] = frozenset()
    """The fields given that did not convert."""


def part(item: object, name: str) -> Any:
    """Field ``name`` of a dataclass or a :class:`Partial` (``None`` when it is missing or failed).

    >>> part(Partial(Step, {"rule": "us.5"}), "rule"), part(Partial(Step, {}), "rule")
    ('us.5', None)
    >>> part(Step("us.5", "ZOC"), "template")
    'ZOC'
    """
    if isinstance(item, Partial):
        return item.fields.get(name)
    return getattr(item, name, None)


class _Collector:
    def __init__(self) -> None:
        self.errors: list[ScenarioError] = []

    def fail(self, path: str, expected: str | Plural, found: Any = ScenarioError._NOTHING, **params: Any) -> None:
        self.errors.append(ScenarioError(path, expected, found, **params))

    def report(self, path: str, problem: ScenarioError) -> None:
        """A problem found below ``path`` (its own path relative to it), reported at its full path."""
        self.errors.append(problem.at(_join(path, problem.path)))


def _join(path: str, part: object) -> str:
    return f"{path}.{part}" if path else str(part)


_INVALID = object()


def from_plain(cls: type[T], data: Any, path: str = "") -> T:
    """Build a ``cls`` (a dataclass) from plain data, or raise :class:`InvalidScenario`."""
    collector = _Collector()
    value = _convert(cls, data, path, collector)
    if collector.errors:
        raise InvalidScenario(collector.errors)
    return typing.cast(T, value)


def _convert(annotation: Any, data: Any, path: str, collector: _Collector) -> Any:
    if annotation is Any:
        return data
    origin = get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        options = get_args(annotation)
        if data is None and type(None) in options:
            return None
        real = [option for option in options if option is not type(None)]
        if len(real) == 1:
            return _convert(real[0], data, path, collector)
        attempts = []
        for option in real:
            trial = _Collector()
            value = _convert(option, data, path, trial)
            if not trial.errors:
                return value
            attempts.append(trial)
        collector.errors.extend(attempts[0].errors)
        return _INVALID
    if origin is typing.Literal:
        allowed = get_args(annotation)
        if data not in allowed:
            collector.fail(path, "must be one of {choices}", data, choices=", ".join(repr(a) for a in allowed))
            return _INVALID
        return data
    if origin is tuple:
        return _convert_tuple(annotation, data, path, collector)
    if origin in (dict, Mapping):
        return _convert_dict(annotation, data, path, collector)
    if dataclasses.is_dataclass(annotation) and isinstance(annotation, type):
        return _convert_dataclass(annotation, data, path, collector)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        try:
            return annotation(data)
        except ValueError:
            members = ", ".join(repr(member.value) for member in annotation)
            collector.fail(path, "must be one of {choices}", data, choices=members)
            return _INVALID
    if annotation is bool:
        if not isinstance(data, bool):
            collector.fail(path, "must be true or false", data)
            return _INVALID
        return data
    if annotation is int:
        if isinstance(data, bool) or not isinstance(data, int):
            collector.fail(path, "must be an integer", data)
            return _INVALID
        return data
    if annotation is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)) or not math.isfinite(data):
            collector.fail(
                path, N_("must be a finite number") if isinstance(data, float) else N_("must be a number"), data
            )
            return _INVALID
        return float(data)
    if annotation is str:
        if not isinstance(data, str):
            collector.fail(path, "must be a string", data)
            return _INVALID
        return data
    raise TypeError(f"from_plain cannot convert to {annotation!r} (at {path or 'top level'})")


def _convert_tuple(annotation: Any, data: Any, path: str, collector: _Collector) -> Any:
    if not isinstance(data, (list, tuple)):
        collector.fail(path, "must be a list", data)
        return _INVALID
    args = get_args(annotation)
    if len(args) == 2 and args[1] is Ellipsis:
        items = [_convert(args[0], item, _join(path, index), collector) for index, item in enumerate(data)]
    else:
        if len(data) != len(args):
            collector.fail(
                path,
                N_plural("must be a list of {count} item", "must be a list of {count} items"),
                data,
                count=len(args),
            )
            return _INVALID
        items = [
            _convert(arg, item, _join(path, index), collector) for index, (arg, item) in enumerate(zip(args, data))
        ]
    return tuple(items)


def _convert_dict(annotation: Any, data: Any, path: str, collector: _Collector) -> Any:
    if not isinstance(data, Mapping):
        collector.fail(path, "must be a mapping", data)
        return _INVALID
    key_type, value_type = get_args(annotation) or (Any, Any)
    result = {}
    for key, value in data.items():
        converted_key = _convert(key_type, key, _join(path, key), collector)
        result[converted_key] = _convert(value_type, value, _join(path, key), collector)
    return result


@functools.cache
def _field_types(cls: type[Any]) -> dict[str, Any]:
    # Resolving string annotations dominates conversion time; a class's hints never change.
    return get_type_hints(cls)


def _convert_dataclass(cls: type[Any], data: Any, path: str, collector: _Collector) -> Any:
    if isinstance(data, cls):
        return data
    if not isinstance(data, Mapping):
        collector.fail(path, "must be a mapping of fields", data)
        return _INVALID
    if not issubclass(cls, PlainHooks):
        return _convert_fields(cls, data, path, collector)
    # The class writes its plain data out in full first (a map's regions become hexes); problems
    # found converting the full data are reported at the entries the scenario wrote.
    full, problems, written = cls.expand_plain(data)
    mark = len(collector.errors)
    value = _convert_fields(cls, full, path, collector)
    prefix = f"{path}." if path else ""
    kept: list[ScenarioError] = []
    for error in collector.errors[mark:]:
        if not error.path.startswith(prefix):
            kept.append(error)
            continue
        moved = written(error.path[len(prefix) :])
        # None: the same problem was reported already (a region's field, at its first hex)
        if moved is not None:
            kept.append(error.at(prefix + moved))
    collector.errors[mark:] = kept
    for problem in problems:
        collector.report(path, problem)
    return value


def _convert_fields(cls: type[Any], data: Mapping[str, Any], path: str, collector: _Collector) -> Any:
    # A class is hashable; mypy reads type[Any] as possibly not (python/mypy#11470).
    dataclass_type: type = cls
    hints = _field_types(dataclass_type)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    unknown = [key for key in data if key not in fields]
    for key in unknown:
        collector.fail(_join(path, key), "unknown field; expected one of: {fields}", fields=", ".join(fields))
    before = len(collector.errors)
    values: dict[str, Any] = {}
    for name, field in fields.items():
        if name in data:
            values[name] = _convert(hints[name], data[name], _join(path, name), collector)
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            collector.fail(_join(path, name), REQUIRED_FIELD_MISSING)
    if unknown or len(collector.errors) > before:
        converted = {name: value for name, value in values.items() if value is not _INVALID}
        partial = Partial(cls, converted, frozenset(values) - frozenset(converted))
        found = cls.partial_problems(partial) if issubclass(cls, PlainHooks) else _checks_of_the_rest(partial)
        for problem in found:
            collector.report(path, problem)
        return partial
    try:
        return cls(**values)
    except ScenarioError as error:
        collector.report(path, error)
        return Partial(cls, values)
    except InvalidScenario as invalid:
        # A __post_init__ that checks many things at once (a whole map) reports them all.
        for problem in invalid.errors:
            collector.report(path, problem)
        return Partial(cls, values)


class FieldNotConverted(AttributeError):
    """A check read a field that did not convert: it cannot be made, that field's problem stands.

    Raised by the stand-in :func:`from_plain` runs a ``__post_init__`` on when some fields failed;
    :func:`adjudicator.checks.collect_problems` skips the check and goes on with the next, and
    :func:`from_plain` ends the run there. A check reads its fields plainly (``self.hexes``), never
    with ``getattr(…, default)`` or ``hasattr``, which would take the refusal for a missing
    attribute: any other error of a check on the fields that converted is a bug, and is raised.
    """


def _is_whole(value: Any) -> bool:
    """Whether a converted value holds no failed part (a list or mapping keeps its items that failed)."""
    if value is _INVALID or isinstance(value, Partial):
        return False
    if isinstance(value, tuple):
        return all(_is_whole(item) for item in value)
    if isinstance(value, dict):
        return all(_is_whole(key) and _is_whole(item) for key, item in value.items())
    return True


@functools.cache
def _stand_in_class(cls: type[Any]) -> type[Any]:
    """A subclass of ``cls`` whose instances refuse to give a field named in their ``_failed``."""

    def __getattribute__(self: Any, name: str) -> Any:
        if name in object.__getattribute__(self, "_failed"):
            raise FieldNotConverted(name)
        return object.__getattribute__(self, name)

    return type(f"{cls.__name__}StandIn", (cls,), {"__getattribute__": __getattribute__})


def _checks_of_the_rest(partial: Partial) -> list[ScenarioError]:
    """The problems the ``__post_init__`` of ``partial.cls`` finds in the fields that did convert, when others did not.

    A type error in one field must not hide a rule broken by another (``round_limit: 0`` beside a
    side whose units are misspelt). The checks run on a stand-in whose failed fields (and required
    fields left out) cannot be read; a field left out has its default. The first check that reads
    a failed field ends the run: the checks before it are the ones that do not need it.
    """
    cls = partial.cls
    post_init = getattr(cls, "__post_init__", None)
    if post_init is None:
        return []
    given = partial.fields.keys() | partial.failed
    whole = {name: value for name, value in partial.fields.items() if _is_whole(value)}
    failed = set()
    # A class is hashable; mypy reads type[Any] as possibly not (python/mypy#11470).
    dataclass_type: type = cls
    stand_in = object.__new__(_stand_in_class(dataclass_type))
    for field in dataclasses.fields(cls):
        if field.name in whole:
            object.__setattr__(stand_in, field.name, whole[field.name])
        elif field.name in given or not field.init:
            failed.add(field.name)
        elif field.default is not dataclasses.MISSING:
            object.__setattr__(stand_in, field.name, field.default)
        elif field.default_factory is not dataclasses.MISSING:
            object.__setattr__(stand_in, field.name, field.default_factory())
        else:
            failed.add(field.name)
    object.__setattr__(stand_in, "_failed", frozenset(failed))
    try:
        post_init(stand_in)
    except InvalidScenario as invalid:
        problems = invalid.errors
    except ScenarioError as error:
        problems = [error]
    except FieldNotConverted:
        # The check needs a failed field, whose own problem is reported. Any other error is a
        # bug of the check, and is raised.
        return []
    else:
        return []
    # A problem about a failed field itself would repeat (or guess at) the one already reported.
    return [problem for problem in problems if problem.path.split(".")[0] not in failed]


def to_plain(value: Any, language: AnswerLanguage = ENGLISH) -> Any:
    """JSON-ready data for any result or scenario (dataclasses, enums, tuples, dicts).

    Each trace step and message gets its ``text`` in ``language`` (English by default).

    >>> from pprint import pp
    >>> from adjudicator.trace import Step
    >>> pp(to_plain(Step("us.5", "ZOC extends into {count} hexes", {"count": 6})))
    {'rule': 'us.5',
     'template': 'ZOC extends into {count} hexes',
     'params': {'count': 6},
     'plural': None,
     'count': None,
     'text': 'ZOC extends into 6 hexes'}
    >>> german = AnswerLanguage("de", {"ZOC extends into {count} hexes": "Die EZOC reicht in {count} Hexfelder"})
    >>> to_plain(Step("us.5", "ZOC extends into {count} hexes", {"count": 6}), german)["text"]
    'Die EZOC reicht in 6 Hexfelder'
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        plain = {f.name: to_plain(getattr(value, f.name), language) for f in dataclasses.fields(value)}
        if isinstance(value, Step):
            plain["text"] = value.render(language)
        elif isinstance(value, Message):
            plain["text"] = language.render(value)
        return plain
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [to_plain(item, language) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(to_plain(item, language) for item in value)
    if isinstance(value, Mapping):
        return {to_plain(key, language): to_plain(item, language) for key, item in value.items()}
    return value
