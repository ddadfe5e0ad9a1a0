print("vestibule-audit")
