package import VestibuleHTML

/// A rendered page: its title and main content, wrapped by ``Layout`` into a whole document.
package struct Page: Sendable {
    package let title: String
    package let main: HTML

    package init(title: String, main: HTML) {
        self.title = title
        self.main = main
    }
}
