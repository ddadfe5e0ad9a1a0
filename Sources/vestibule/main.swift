print("vestibule")
