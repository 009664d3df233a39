"""``python -m urlx.spark``: see ``urlx.spark.cli``."""

import sys

from .cli import main

sys.exit(main())
