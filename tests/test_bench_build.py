"""benchmarks/bench_build.py: refuses the wrong corpus, and its replicas really rename the names."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_build import tagged_copy  # noqa: E402  (benchmarks/ is not a package; its folder is put on the path first)


def test_refuses_to_run_without_the_corpus(tmp_path):
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_build.py"), "--corpus", str(tmp_path / "absent")],
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 1
    assert "no corpus at" in run.stderr and "Traceback" not in run.stderr
    assert not run.stdout


def test_a_copy_tags_names_and_keeps_the_prose():
    text = ("Top AI Papers of the Week (March 17 - March 23)\n"
            "1. Zorb Tuning\nIntroduces Group Relative Policy Optimization (GRPO) for LLMs. The method beats DeepSeek-R1.\n")
    copy = tagged_copy(text, "zqb", lowercase_words={"introduces", "method"})
    assert copy.splitlines()[0] == "Top AI Papers of the Week (March 17 - March 23)"
    assert "Introduces Groupzqb Relativezqb Policyzqb Optimizationzqb (GRPOzqb) for LLMs." in copy
    assert "The method beats DeepSeekzqb-R1." in copy and "1. Zorbzqb Tuningzqb" in copy
