"""Content meets the adjudicator: scenarios from YAML/JSON, and the worked examples run.

- :mod:`.scenarios` — scenario files to the adjudicator's dataclasses, and their JSON Schemas
- :mod:`.examples` — running every worked example of the sources and checking its outcome
"""
