"""templates/ and static/ stay at the top of the repository; the wheel ships them inside the
package (scorekeeper/templates, scorekeeper/static), where create_app() looks first."""
from setuptools import find_namespace_packages, setup

ASSETS = {"scorekeeper.templates": "templates", "scorekeeper.static": "static"}

setup(packages=find_namespace_packages(include=["scorekeeper*"]) + list(ASSETS), package_dir=ASSETS)
