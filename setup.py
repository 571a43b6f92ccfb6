"""Which folders the wheel holds (the rest of the metadata is in pyproject.toml).

The engine is ``stainedglass/``, the views ``widgets/stainedglass_widgets/``; the notebooks in
``notebooks/`` ship inside the views as ``stainedglass_widgets/notebooks`` (package data), so
that ``stainedglass serve`` finds them in an installed package as in this checkout.
"""

from setuptools import find_namespace_packages, find_packages, setup

setup(
    packages=[
        *find_packages(include=["stainedglass", "stainedglass.*"]),
        *find_namespace_packages(
            "widgets", include=["stainedglass_widgets*"], exclude=["*__pycache__*"]
        ),
        "stainedglass_widgets.notebooks",
        "stainedglass_widgets.notebooks.games",
    ],
    package_dir={
        "stainedglass_widgets": "widgets/stainedglass_widgets",
        "stainedglass_widgets.notebooks": "notebooks",
    },
    # with the Voila settings and the offline template (stainedglass_widgets/serving/server/), and the
    # template of the class store's migrations (widgets/stainedglass_widgets/serving/classroom/migrations/)
    package_data={
        "": ["*.md", "*.json", "*.txt", "*.js", "*.css", "*.j2", "*.html", "*.mako"],
        "stainedglass_widgets.notebooks": ["*.ipynb"],
    },
)
