import VestibuleHTML
/// A rendered page: its title and main content, wrapped by ``Layout`` into a whole document.
struct Page: Sendable {
    let title: String
    let main: HTML
}
