"""The tests that share a costly fixture run on one pytest-xdist worker (tests/work_groups.py), so that it is made
once in a parallel run."""

from __future__ import annotations

import work_groups


def test_costly_session_fixtures_and_module_fixtures_make_groups():
    site = "tests/docs/test_docs_site.py::test_the_site_builds_strict_without_warnings"  # built_site: the docs site
    assert work_groups.work_group(site) == "site"
    assert work_groups.work_group("tests/test_build.py::test_installed_version_matches_the_metadata") == "wheel"
    hook = "tests/test_ci_hooks.py::test_pre_commit_runs_the_hook"  # long, but needs no wheel: any worker
    assert work_groups.work_group(hook) == hook
    assert work_groups.module_group("tests/conformance/test_mutation.py") == "mutation"  # its `suite` is module-scoped
    facts = "tests/docs/test_docs_facts.py::test_the_readme_counts_the_engine_faults_the_mutation_check_plants"
    assert work_groups.work_group(facts) == "mutation"
    assert work_groups.module_group("tests/docs/test_docs_console.py") == "mutation"  # quotes the mutation check
    exits = "tests/docs/test_docs_exit_status.py"  # input files made once, a module fixture
    assert work_groups.module_group(exits) == exits
    assert work_groups.work_group(f"{exits}::test_x[a]") == work_groups.work_group(f"{exits}::test_y") == exits
    free = "tests/cli/test_lazy_imports.py::test_version_imports_no_library_of_the_kit_nor_the_kit"
    assert work_groups.module_group(free.split("::")[0]) is None and work_groups.work_group(free) == free


def test_the_text_gives_the_group_the_fixtures_call_for(request):
    """Every test collected in this run is in the group its fixtures call for (the whole suite in a full run)."""
    items = request.session.items
    assert work_groups.misread(items) == []
    assert any(work_groups.resolved_group(item) for item in items) or len(items) < 50
