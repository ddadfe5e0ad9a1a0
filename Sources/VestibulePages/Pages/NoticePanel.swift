package import VestibuleHTML

/// The panel at the top of a page that says what just happened ("Password changed."), read out by screen
/// readers as it appears; nothing when there is no notice.
package enum NoticePanel {
    package static func html(_ notice: String?) -> HTML {
        notice.map { "<p class=\"panel\" role=\"status\">\($0)</p>" } ?? HTML(text: "")
    }
}
