"""Documents: contexts built from the record (build, data), rendering (render), issuance and
storage of the issued files (issue)."""
