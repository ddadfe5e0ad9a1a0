#pragma once
#include <openssl/evp.h>
#include <openssl/ec.h>
#include <openssl/rsa.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#include <openssl/x509.h>

// Key import helpers. OSSL_PARAM_BLD keeps *pointers* to names and buffers until
// OSSL_PARAM_BLD_to_param, and EVP_PKEY_PUBLIC_KEY is a macro that does not import,
// so building public keys from raw JWK members is done here, where lifetimes are plain C.

/// An RSA public key from big-endian modulus and exponent bytes, or NULL.
static inline EVP_PKEY *vestibule_rsa_public_key(const unsigned char *n, size_t n_len,
                                                 const unsigned char *e, size_t e_len) {
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *ctx = NULL;
    OSSL_PARAM *params = NULL;
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    BIGNUM *bn_n = BN_bin2bn(n, (int)n_len, NULL);
    BIGNUM *bn_e = BN_bin2bn(e, (int)e_len, NULL);
    if (bld != NULL && bn_n != NULL && bn_e != NULL
        && OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, bn_n)
        && OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, bn_e)
        && (params = OSSL_PARAM_BLD_to_param(bld)) != NULL
        && (ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL)) != NULL
        && EVP_PKEY_fromdata_init(ctx) > 0
        && EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_PUBLIC_KEY, params) <= 0) {
        pkey = NULL;
    }
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    BN_free(bn_n);
    BN_free(bn_e);
    return pkey;
}

/// An EC public key on the named group from an encoded point (0x04 || X || Y), or NULL.
static inline EVP_PKEY *vestibule_ec_public_key(const char *group,
                                                const unsigned char *point, size_t point_len) {
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    OSSL_PARAM params[3];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)group, 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)point, point_len);
    params[2] = OSSL_PARAM_construct_end();
    if (ctx != NULL && EVP_PKEY_fromdata_init(ctx) > 0
        && EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_PUBLIC_KEY, params) <= 0) {
        pkey = NULL;
    }
    EVP_PKEY_CTX_free(ctx);
    return pkey;
}
