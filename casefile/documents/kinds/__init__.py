"""One module per document: its context model, its builder from typed records, its title (the
template of each is ``templates/<kind>.html``). casefile.documents.registry lists them all."""
