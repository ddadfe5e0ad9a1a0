// The building blocks of server-rendered pages live one layer down, in VestibuleHTML, so that another site
// (the demo bookstore) is built from them without depending on Vestibule's own pages. Re-exported: every page
// here, and the emulator's, keeps using `HTML`, `CSRFGuard` and `HostCookie` as before.
@_exported public import VestibuleHTML
