#pragma once
#include <sqlite3.h>

// Extended result codes are macros built from other macros with `|` and `<<`, which Swift does not import.
// Re-exporting them as constants keeps the values SQLite's header defines instead of copies in Swift.
static const int VESTIBULE_SQLITE_CONSTRAINT_UNIQUE = SQLITE_CONSTRAINT_UNIQUE;
static const int VESTIBULE_SQLITE_CONSTRAINT_PRIMARYKEY = SQLITE_CONSTRAINT_PRIMARYKEY;
static const int VESTIBULE_SQLITE_CONSTRAINT_FOREIGNKEY = SQLITE_CONSTRAINT_FOREIGNKEY;
