"""The engines stay pure: importing every puzzle module pulls in no Textual."""

import subprocess
import sys

from assistant.kinds import KINDS


def test_engines_and_cli_import_without_textual():
    modules = ["puzzles.core", "assistant.cli", *(f"puzzles.{kind.name}" for kind in KINDS)]
    code = f"import sys; import {', '.join(modules)}; print('textual' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
