#!/usr/bin/env python3
"""Writes the seed inputs of Fuzz/Corpus (not the regression inputs, which are what the fuzzers found).

A few valid inputs per target, so that libFuzzer starts inside each format rather than at random bytes: CBOR and
COSE keys, attestation objects (none, packed self and packed with a certificate, signed for real with Python's
`cryptography`), tokens, key sets, JSON, API bodies, forms, cookies, headers, a data policy, Apple notification
claims, SVG files and request lines. The RSA key is new on every run, so the bytes of a few seeds change.
"""
import base64, hashlib, json, os, struct, datetime
from cryptography.hazmat.primitives.asymmetric import ec, rsa, ed25519, padding
from cryptography.hazmat.primitives import hashes, serialization
from cryptography import x509
from cryptography.x509.oid import NameOID

C = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'Corpus')
def write(target, name, data):
    if isinstance(data, str): data = data.encode()
    open(os.path.join(C, target, name), 'wb').write(data)

def b64u(b): return base64.urlsafe_b64encode(b).rstrip(b'=').decode()

def head(major, n):
    t = major << 5
    if n < 24: return bytes([t | n])
    if n < 0x100: return bytes([t | 24, n])
    if n < 0x10000: return bytes([t | 25]) + struct.pack('>H', n)
    if n < 0x100000000: return bytes([t | 26]) + struct.pack('>I', n)
    return bytes([t | 27]) + struct.pack('>Q', n)
def cbor(v):
    if v is True: return b'\xf5'
    if v is False: return b'\xf4'
    if v is None: return b'\xf6'
    if isinstance(v, int): return head(0, v) if v >= 0 else head(1, -1 - v)
    if isinstance(v, bytes): return head(2, len(v)) + v
    if isinstance(v, str): b = v.encode(); return head(3, len(b)) + b
    if isinstance(v, list): return head(4, len(v)) + b''.join(cbor(x) for x in v)
    if isinstance(v, dict): return head(5, len(v)) + b''.join(cbor(k) + cbor(x) for k, x in v.items())
    raise TypeError(v)

ec_key = ec.derive_private_key(0x1234567890abcdef, ec.SECP256R1())
nums = ec_key.public_key().public_numbers()
ec_x, ec_y = nums.x.to_bytes(32, 'big'), nums.y.to_bytes(32, 'big')
cose_ec = {1: 2, 3: -7, -1: 1, -2: ec_x, -3: ec_y}
ed_key = ed25519.Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
ed_x = ed_key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
cose_ed = {1: 1, 3: -8, -1: 6, -2: ed_x}
rsa_key = rsa.generate_private_key(65537, 2048)
rn = rsa_key.public_key().public_numbers()
cose_rsa = {1: 3, 3: -257, -1: rn.n.to_bytes(256, 'big'), -2: rn.e.to_bytes(3, 'big')}

# cbor
write('cbor', 'cose-ec2-es256', cbor(cose_ec))
write('cbor', 'cose-okp-eddsa', cbor(cose_ed))
write('cbor', 'cose-rsa-rs256', cbor(cose_rsa))
write('cbor', 'nested', cbor([1, -1, b'\x01\x02', 'é水', [True, False, None], {'a': 1, 'b': [2, 3]}]))
write('cbor', 'integers', cbor([0, 23, 24, 255, 256, 65535, 65536, 2**32, 2**64 - 1, -(2**64)]))
write('cbor', 'non-shortest', bytes.fromhex('83180119000a1a00000001'))
write('cbor', 'extensions', cbor({'credProtect': 2, 'hmac-secret': True}))

# attestation
challenge = bytes([0x2A]) * 32
client_data = b'{"type":"webauthn.create","challenge":"' + b64u(challenge).encode() + b'","origin":"https://example.org"}'
cd_hash = hashlib.sha256(client_data).digest()
rp_hash = hashlib.sha256(b'example.org').digest()
def auth_data(cose, flags=0x45, cred=b'\x11' * 16, aaguid=b'\0' * 16, ext=None):
    d = rp_hash + bytes([flags | (0x80 if ext is not None else 0)]) + struct.pack('>I', 0) + aaguid + struct.pack('>H', len(cred)) + cred + cbor(cose)
    if ext is not None: d += cbor(ext)
    return d
def att(fmt, ad, stmt): return cbor({'fmt': fmt, 'attStmt': stmt, 'authData': ad})
ad = auth_data(cose_ec)
write('attestation', 'none-es256', att('none', ad, {}))
write('attestation', 'none-eddsa', att('none', auth_data(cose_ed), {}))
write('attestation', 'none-rs256', att('none', auth_data(cose_rsa), {}))
write('attestation', 'none-extensions', att('none', auth_data(cose_ec, flags=0x5D, ext={'credProtect': 1}), {}))
sig = ec_key.sign(ad + cd_hash, ec.ECDSA(hashes.SHA256()))
write('attestation', 'packed-self-es256', att('packed', ad, {'alg': -7, 'sig': sig}))
ed_ad = auth_data(cose_ed)
write('attestation', 'packed-self-eddsa', att('packed', ed_ad, {'alg': -8, 'sig': ed_key.sign(ed_ad + cd_hash)}))
# packed full attestation: a leaf certificate as §8.2.1 asks (OU "Authenticator Attestation", not a CA)
att_key = ec.derive_private_key(0xfeedface, ec.SECP256R1())
aaguid = bytes(range(16))
name = x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, 'US'), x509.NameAttribute(NameOID.ORGANIZATION_NAME, 'Fuzz Seeds'),
                  x509.NameAttribute(NameOID.ORGANIZATIONAL_UNIT_NAME, 'Authenticator Attestation'), x509.NameAttribute(NameOID.COMMON_NAME, 'Fuzz Seed Authenticator')])
cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(att_key.public_key()).serial_number(1)
        .not_valid_before(datetime.datetime(2026, 1, 1)).not_valid_after(datetime.datetime(2036, 1, 1))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.UnrecognizedExtension(x509.ObjectIdentifier('1.3.6.1.4.1.45724.1.1.4'), b'\x04\x10' + aaguid), critical=False)
        .sign(att_key, hashes.SHA256()))
der = cert.public_bytes(serialization.Encoding.DER)
full_ad = auth_data(cose_ec, aaguid=aaguid)
write('attestation', 'packed-x5c-es256', att('packed', full_ad, {'alg': -7, 'sig': att_key.sign(full_ad + cd_hash, ec.ECDSA(hashes.SHA256())), 'x5c': [der]}))

# client-data
write('client-data', 'create', client_data)
write('client-data', 'get-cross-origin', b'{"type":"webauthn.get","challenge":"KioqKioqKioqKioqKioqKioqKioqKioqKioqKioqKio","origin":"https://example.org","crossOrigin":true,"topOrigin":"https://shop.example"}')
write('client-data', 'padded-extra', b'{"challenge":"KioqKioqKioqKioqKioqKioqKioqKioqKioqKioqKio==" , "origin":"ios:bundle-id:org.example.app","type":"webauthn.get","tokenBinding":{"status":"present"},"other_keys_can_be_added_here":"x"}')
write('client-data', 'escapes', b'{"type":"webauthn.get","challenge":"AA","origin":"https://\\u00e9xample.org\\ud83d\\ude00"}')

# jws: mode byte 0 = a token as received, 1 = header \n payload signed by the target
tok_ec = ec.generate_private_key(ec.SECP256R1())
def es256(h, p, k=tok_ec):
    si = b64u(h) + '.' + b64u(p)
    from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
    r, s = decode_dss_signature(k.sign(si.encode(), ec.ECDSA(hashes.SHA256())))
    return si + '.' + b64u(r.to_bytes(32, 'big') + s.to_bytes(32, 'big'))
claims = b'{"iss":"https://auth.example","sub":"42","aud":["app"],"exp":1800003600,"iat":1800000000,"nonce":"n"}'
write('jws', 'token-es256', b'\0' + es256(b'{"alg":"ES256","kid":"fuzz","typ":"JWT"}', claims).encode())
write('jws', 'token-none', b'\0' + (b64u(b'{"alg":"none"}') + '.' + b64u(claims) + '.').encode())
write('jws', 'token-hs256', b'\0' + (b64u(b'{"alg":"HS256","kid":"fuzz"}') + '.' + b64u(claims) + '.' + b64u(b'\x01' * 32)).encode())
write('jws', 'token-crit', b'\0' + es256(b'{"alg":"ES256","kid":"fuzz","crit":["exp"]}', claims).encode())
write('jws', 'signed-jwt', b'\x01{"alg":"ES256","kid":"fuzz","typ":"JWT"}\n' + claims)
write('jws', 'signed-other-kid', b'\x01{"alg":"ES256","kid":"other"}\n{"exp":1}')
write('jws', 'signed-claims-types', b'\x01{"kid":"fuzz","alg":"ES256","typ":null}\n{"exp":2e9,"aud":"one","nbf":0,"iss":5}')

# jwks
jwk_ec = {'kty': 'EC', 'crv': 'P-256', 'x': b64u(ec_x), 'y': b64u(ec_y), 'kid': 'ec', 'use': 'sig', 'alg': 'ES256'}
jwk_rsa = {'kty': 'RSA', 'n': b64u(rn.n.to_bytes(256, 'big')), 'e': 'AQAB', 'kid': 'rsa', 'alg': 'RS256', 'use': 'sig'}
jwk_okp = {'kty': 'OKP', 'crv': 'Ed25519', 'x': b64u(ed_x), 'kid': 'okp'}
write('jwks', 'three-keys', json.dumps({'keys': [jwk_ec, jwk_rsa, jwk_okp]}))
write('jwks', 'odd-keys', json.dumps({'keys': [dict(jwk_ec, kid=None), dict(jwk_rsa, e='AAEAAQ', kid='rsa'), dict(jwk_ec, kid='rsa'), {'kty': 'oct', 'k': 'AAAA', 'kid': 'h'}, dict(jwk_ec, crv='P-384', kid='384'), dict(jwk_ec, y=b64u(b'\0' * 32), kid='off-curve')]}))
write('jwks', 'small-rsa', json.dumps({'keys': [{'kty': 'RSA', 'n': b64u(b'\xc3' * 64), 'e': 'Aw', 'kid': 'small'}]}))

# json
for i, doc in enumerate(['{"a":[1,2.5,-3e10,true,false,null],"b":{"c":"d\\u00e9\\n"}}', '[]', '"\\ud83d\\ude00"', '1.0e-320',
                         '{"a":1,"a":2}', '[1e400]', '  {"n": 123456789012345678901234567890 } ', '[-0, 0.1, 1E+2]']):
    write('json', 'doc-%d' % i, doc)

# api-bodies: selector byte, then the body (order as in FuzzAPIBodies.swift)
bodies = [
    {'guestToken': 'vg_abc', 'merge': 'preferAccount'},
    {'credential': {'identityToken': 'a.b.c', 'authorizationCode': 'c', 'nonce': 'n', 'name': {'firstName': 'A', 'lastName': None}}, 'sessionDelivery': 'token'},
    {'returnTo': 'https://shop.example/done', 'mode': 'signUp', 'name': 'Ann', 'email': 'ann@example.org'},
    {'code': 'abc', 'exchangeKey': 'key'},
    {'biometryType': 'faceID', 'displayName': 'Ann'},
    {'value': '+81 90 1234 5678'},
    {'audience': 'app'},
    {'credential': {'id': 'AAAA', 'rawId': 'AAAA', 'type': 'public-key', 'response': {'clientDataJSON': b64u(client_data), 'attestationObject': b64u(att('none', ad, {})), 'transports': ['internal']}}, 'name': 'Phone'},
    {'credential': {'id': 'AAAA', 'rawId': 'AAAA', 'type': 'public-key', 'response': {'clientDataJSON': 'e30', 'authenticatorData': 'AAAA', 'signature': 'AAAA', 'userHandle': None}}, 'sessionDelivery': 'cookie'},
]
for i, body in enumerate(bodies):
    write('api-bodies', 'type-%d' % i, bytes([i]) + json.dumps(body).encode())
write('api-bodies', 'empty', b'\x00')

# form
for i, f in enumerate(['a=1&b=two+words&flag', 'email=ann%40example.org&password=%E6%B0%B4%2B%25', '&&=&x==y&%41%62=c+d',
                       'return_to=%2Faccount%3Ftab%3D1&csrf=abc_-.*', 'bad=%zz', 'nul=%00', 'utf8=%C3']):
    write('form', 'form-%d' % i, f)

# cookies: one header per line
for i, c in enumerate(['__Host-session=abc123; lang=ja', ' a = b ; c="quoted" ; d=e=f', 'x\ny=1; x=2; bad value=3; =4; k', 'tok=%E6; s="; t="\x01"']):
    write('cookies', 'cookie-%d' % i, c)

# accept-language
for i, h in enumerate(['de-CH, de;q=0.9, en;q=0.8', 'ja;q=0.5, *;q=0.1, ar', 'en;q=0, fr', 'EN-us;Q=1;q=0.3, ja;q=nan, de;q=inf', '']):
    write('accept-language', 'header-%d' % i, h)

# data-policy
policy = {'fields': [
    {'name': 'terms', 'type': 'consent', 'terms': 'https://example.com/terms', 'required': True,
     'label': {'en': 'I accept the terms of service', 'ja': '利用規約に同意します'}, 'reason': {'en': 'We can offer the service only under these terms.'}},
    {'name': 'phone', 'type': 'phone', 'required': False, 'label': {'en': 'Phone number'}, 'benefit': {'en': 'We text you when your order ships.'}},
    {'name': 'country', 'type': 'country', 'required': True, 'countries': ['JP', 'DE'], 'label': {'en': 'Country', 'de': 'Land'}, 'reason': {'en': ' Taxes. '}},
    {'name': 'born', 'type': 'date', 'required': False, 'label': {'en': 'Birthday', 'ar': 'عيد الميلاد'}, 'benefit': {'en': 'A card.'}},
    {'name': 'nick', 'type': 'text', 'required': False, 'label': {'en': 'Nickname'}, 'benefit': {'en': 'Shown to others.'}}]}
write('data-policy', 'example', json.dumps(policy, ensure_ascii=False))
write('data-policy', 'unknown-key', '{"fields":[{"name":"x","type":"text","required":false,"label":{"en":"X"},"benefit":{"en":"Y"},"extra":1}]}')
write('data-policy', 'empty', '{"fields":[]}')

# apple-notification: mode byte 0 = the body as posted, 1 = claims the target signs
def events(kind, email=True):
    e = {'type': kind, 'sub': '001234.abcdef', 'event_time': 1800000000000}
    if email: e['email'] = 'x@privaterelay.appleid.com'; e['is_private_email'] = 'true'
    return json.dumps(e)
for kind in ['email-disabled', 'email-enabled', 'consent-revoked', 'account-delete']:
    c = {'iss': 'https://appleid.apple.com', 'aud': 'com.example.web', 'iat': 1800000000, 'exp': 1800003600, 'jti': 'jti-' + kind, 'events': events(kind, kind.startswith('email'))}
    write('apple-notification', 'claims-' + kind, b'\x01' + json.dumps(c).encode())
c = {'iss': 'https://appleid.apple.com', 'aud': ['other', 'com.example.web'], 'iat': 1800000000, 'exp': 1800003600, 'jti': 'j', 'events': {'type': 'consent-revoked', 'sub': 's'}}
write('apple-notification', 'claims-events-object', b'\x01' + json.dumps(c).encode())
rs = rsa_key
def rs256(h, p):
    si = b64u(h) + '.' + b64u(p)
    return si + '.' + b64u(rs.sign(si.encode(), padding.PKCS1v15(), hashes.SHA256()))
write('apple-notification', 'body', b'\x00' + json.dumps({'payload': rs256(b'{"alg":"RS256","kid":"apple"}', json.dumps(c).encode())}).encode())
write('apple-notification', 'body-unknown-kid', b'\x00{"payload":"' + rs256(b'{"alg":"RS256","kid":"new"}', b'{}').encode() + b'"}')

# svg-artwork
svg = 'http://www.w3.org/2000/svg'
for name, doc in {
    'viewbox': '<svg xmlns="%s" viewBox="0 0 44 44"><path d="M1 1h42v42H1z" fill="#fff"/></svg>' % svg,
    'width-height': '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="%s" xmlns:xlink="http://www.w3.org/1999/xlink" width="31.5pt" height="44pt"><defs><path id="a" d="M0 0"/></defs><use xlink:href="#a"/></svg>' % svg,
    'script': '<svg xmlns="%s" viewBox="0 0 1 1"><script>alert(1)</script></svg>' % svg,
    'handler': '<svg xmlns="%s" viewBox="0,0,1,1" onload="x()"/>' % svg,
    'outside': '<svg xmlns="%s" width="10" height="10"><image href="https://example.com/a.png"/></svg>' % svg,
    'doctype': '<!DOCTYPE svg [<!ELEMENT svg ANY>]><svg xmlns="%s" viewBox="0 0 1e3 5"><!-- c --><![CDATA[x]]></svg>' % svg,
}.items():
    write('svg-artwork', name, doc)

# request-target: method, space, target
for i, line in enumerate(['GET /', 'GET /handoff/abc123?x=1', 'POST /api/v1/documents/list', 'GET /a/%C3%A9/c/d?q=a+b&r&=', 'HEAD /account',
                          'DELETE /handoff/x', 'GET //a/../b/%2F?%3F=%26', 'GET /bad%zz', 'GET http://host/x', 'GET /a/%00']):
    write('request-target', 'line-%d' % i, line)
