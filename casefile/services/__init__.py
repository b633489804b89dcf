"""What is left of the services: the people reminded of a case's deadlines (people.py) and the
changes of a stored deadline's basis (deadline_changes.py), both moving elsewhere. Every legal act
lives in casefile/acts/ and is performed through the front door (casefile.app.perform).
"""
