"""Reports of a conformance run: console summary and progress (:mod:`.console`), JSON
(:mod:`.json_report`), JUnit XML (:mod:`.junit`) and Markdown (:mod:`.markdown`)."""
