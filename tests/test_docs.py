"""The README is the front door and quotes CI's test command; the manual is docs/, a site."""

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_quotes_exactly_the_command_ci_runs():
    ci = [line for line in (ROOT / ".ci/run").read_text().splitlines() if "pytest" in line]
    readme = (ROOT / "README.md").read_text().splitlines()
    assert len(ci) == 1
    assert "    " + ci[0] in readme


def test_the_readme_is_a_front_door_and_links_into_the_manual():
    """Issue 70: it was a 1,375-line manual."""
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 150
    assert "ssh -p 2222" in readme and "boomtown serve" in readme
    for page in ("docs/games/bigshot.md", "docs/hosting/index.md", "docs/playing.md"):
        assert f"]({page})" in readme
        assert (ROOT / page).is_file()


def test_every_page_of_the_manual_is_in_its_navigation():
    """mkdocs build --strict (in CI's command) fails on a broken link; a page left out of the
    navigation is only a note to it, so it is checked here."""

    def pages(nav):
        for entry in nav:
            for value in entry.values():
                yield from pages(value) if isinstance(value, list) else [value]

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    listed = set(pages(config["nav"]))
    written = {
        str(p.relative_to(ROOT / "docs"))
        for p in (ROOT / "docs").rglob("*.md")
        if "screenshots" not in p.parts
    }
    assert written == listed


def test_each_game_s_page_lists_its_options_by_label_and_as_typed():
    from core.games import SLUGS, get_spec

    for slug in SLUGS:
        page = (ROOT / "docs/games" / f"{slug}.md").read_text()
        options = page[page.index("## Options") :]
        for option in get_spec(slug).options:
            assert f"| {option.label} | `{option.name}=" in options, (slug, option.name)
        assert "](../rulings.md#" in page
