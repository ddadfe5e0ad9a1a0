import Foundation
import Testing
import VestibuleJSON
import VestibuleWebDriver

/// Reads a PNG's pixels in the browser (a canvas decodes it; no PNG decoder of our own): where a colour appears.
enum PictureProbe {
    /// The bounding box of the pixels exactly `red, green, blue` in the PNG at `path`, in image pixels (right and
    /// bottom inclusive), and how many there are.
    struct Found: Equatable {
        var count: Int
        var left: Int
        var top: Int
        var right: Int
        var bottom: Int
    }

    /// Nil when no pixel has that colour.
    static func find(red: Int, green: Int, blue: Int, inPNGAt path: String, using session: BrowserSession) throws
        -> Found?
    {
        let png = try Data(contentsOf: URL(fileURLWithPath: path))
        let script = """
            const [source, wanted, done] = arguments;
            const image = new Image();
            image.onerror = () => done('not an image');
            image.onload = () => {
              const canvas = document.createElement('canvas');
              canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
              const context = canvas.getContext('2d');
              context.drawImage(image, 0, 0);
              const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
              let count = 0, left = canvas.width, top = canvas.height, right = -1, bottom = -1;
              for (let y = 0; y < canvas.height; y++) for (let x = 0; x < canvas.width; x++) {
                const i = (y * canvas.width + x) * 4;
                if (data[i] !== wanted[0] || data[i + 1] !== wanted[1] || data[i + 2] !== wanted[2]) continue;
                count++;
                left = Math.min(left, x); top = Math.min(top, y);
                right = Math.max(right, x); bottom = Math.max(bottom, y);
              }
              done({ count, left, top, right, bottom });
            };
            image.src = source;
            """
        let source = "data:image/png;base64," + png.base64EncodedString()
        let found = try session.executeAsyncScript(
            script, [.string(source), [.number(Double(red)), .number(Double(green)), .number(Double(blue))]]
        )
        let count = try #require(found["count"]?.doubleValue, "the PNG did not decode: \(found)")
        guard count > 0 else { return nil }
        let value = { (key: String) in Int(found[key]?.doubleValue ?? -1) }
        return Found(
            count: Int(count), left: value("left"), top: value("top"), right: value("right"), bottom: value("bottom"))
    }
}
