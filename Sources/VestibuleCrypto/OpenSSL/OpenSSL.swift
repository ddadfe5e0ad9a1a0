/// The OpenSSL calls made for the files outside this folder (`SHA2`, `HMAC`), so that only `OpenSSL/` imports
/// COpenSSL and every C pointer and return code stays here.
enum OpenSSL {}
