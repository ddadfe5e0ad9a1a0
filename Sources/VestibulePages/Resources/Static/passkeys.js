// Passkeys on Vestibule's pages, through the same JSON API native apps use (/api/v1/passkeys/…).
//
// Markup drives it: an element with data-passkey="sign-in" | "sign-up" | "register" | "recover" (or data-passkey-only) is
// rendered hidden and shown here only when the browser has WebAuthn; otherwise the fallback
// (<details data-passkey-fallback>) opens, so the page never shows a button that cannot work. Prompts start only from a button press (AUTH-9);
// the one exception is AutoFill (conditional mediation), which shows no prompt, only suggestions in the
// username field marked autocomplete="username webauthn".
"use strict";

(() => {
  const supported = typeof window.PublicKeyCredential === "function" && navigator.credentials;

  // WebAuthn JSON ↔ ArrayBuffer, for browsers without parse…FromJSON / toJSON.
  const toBytes = (text) => {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)).buffer;
  };
  const toText = (buffer) => {
    let binary = "";
    for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };
  const withIDs = (list) => (list || []).map((item) => ({ ...item, id: toBytes(item.id) }));
  const creationOptions = (json) =>
    PublicKeyCredential.parseCreationOptionsFromJSON
      ? PublicKeyCredential.parseCreationOptionsFromJSON(json)
      : {
          ...json,
          challenge: toBytes(json.challenge),
          user: { ...json.user, id: toBytes(json.user.id) },
          excludeCredentials: withIDs(json.excludeCredentials),
        };
  const requestOptions = (json) =>
    PublicKeyCredential.parseRequestOptionsFromJSON
      ? PublicKeyCredential.parseRequestOptionsFromJSON(json)
      : { ...json, challenge: toBytes(json.challenge), allowCredentials: withIDs(json.allowCredentials) };
  const credentialJSON = (credential) => {
    if (typeof credential.toJSON === "function") return credential.toJSON();
    const response = credential.response;
    const fields = { clientDataJSON: toText(response.clientDataJSON) };
    if (response.attestationObject) {
      fields.attestationObject = toText(response.attestationObject);
      fields.transports = response.getTransports ? response.getTransports() : [];
    } else {
      fields.authenticatorData = toText(response.authenticatorData);
      fields.signature = toText(response.signature);
      if (response.userHandle) fields.userHandle = toText(response.userHandle);
    }
    return { id: credential.id, rawId: toText(credential.rawId), type: credential.type, response: fields };
  };

  class APIError extends Error {}

  // POSTs JSON to the API; a refusal carries the server's localized sentence.
  const post = async (path, body, csrf) => {
    const response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify(body),
    });
    const json = await response.json().catch(() => ({}));
    if (!response.ok) throw new APIError(json.message || "");
    return json;
  };

  // The sentence to show for a failure: the server's, or the element's own for the browser's refusals.
  const explain = (element, error) => {
    if (error instanceof APIError && error.message) return error.message;
    if (error && error.name === "NotAllowedError") return element.dataset.messageCancelled;
    if (error && error.name === "InvalidStateError") return element.dataset.messageExists;
    return element.dataset.messageFailed;
  };

  const report = (element, message) => {
    const status = element.querySelector("[data-passkey-error]");
    status.textContent = message;
    status.hidden = !message;
  };

  let pendingAutofill = null;

  const signIn = async (element, mediation) => {
    const { publicKey } = await post("/api/v1/passkeys/authentication/options", {}, element.dataset.csrf);
    const options = { publicKey: requestOptions(publicKey) };
    if (mediation === "conditional") {
      pendingAutofill = new AbortController();
      options.mediation = "conditional";
      options.signal = pendingAutofill.signal;
    }
    const credential = await navigator.credentials.get(options);
    const result = await post("/api/v1/passkeys/authentication", { credential: credentialJSON(credential) }, element.dataset.csrf);
    window.location.assign(result.redirect);
  };

  // `authority` goes with both calls: what allows adding the passkey when no session does (a recovery link).
  const register = async (element, optionsPath, body, authority = {}) => {
    const { publicKey } = await post(optionsPath, { ...body, ...authority }, element.dataset.csrf);
    const credential = await navigator.credentials.create({ publicKey: creationOptions(publicKey) });
    const answer = { credential: credentialJSON(credential), ...authority };
    const result = await post("/api/v1/passkeys/registration", answer, element.dataset.csrf);
    window.location.assign(result.redirect);
  };

  // Runs a ceremony from a button press, showing what went wrong next to the button.
  const run = (element, ceremony) => async (event) => {
    event.preventDefault();
    report(element, "");
    if (pendingAutofill) {
      pendingAutofill.abort();
      pendingAutofill = null;
    }
    try {
      await ceremony();
    } catch (error) {
      report(element, explain(element, error));
    }
  };

  const setUp = {
    "sign-in": (element) => {
      element.querySelector("button").addEventListener("click", run(element, () => signIn(element, "modal")));
      const autofill = PublicKeyCredential.isConditionalMediationAvailable;
      if (!autofill) return;
      autofill().then((available) => {
        if (!available) return;
        signIn(element, "conditional").catch((error) => {
          // Only a refusal of a passkey the person picked is news to them. The browser ending AutoFill (the
          // button taking over, no passkey on this device) happened without their asking: say nothing.
          if (error instanceof APIError) report(element, explain(element, error));
        });
      });
    },
    "sign-up": (element) => {
      element.addEventListener(
        "submit",
        run(element, () => {
          const displayName = element.querySelector("input[name=displayName]").value;
          return register(element, "/api/v1/passkeys/sign-up/options", { displayName });
        })
      );
    },
    register: (element) => {
      element
        .querySelector("button")
        .addEventListener("click", run(element, () => register(element, "/api/v1/passkeys/registration/options", {})));
    },
    recover: (element) => {
      const recoveryToken = new URLSearchParams(window.location.search).get("token") || "";
      element
        .querySelector("button")
        .addEventListener(
          "click",
          run(element, () => register(element, "/api/v1/passkeys/registration/options", {}, { recoveryToken }))
        );
    },
  };

  const start = () => {
    if (!supported) {
      for (const fallback of document.querySelectorAll("details[data-passkey-fallback]")) fallback.open = true;
      return;
    }
    // What only makes sense with passkeys (their explanation, a disclosure holding only the passkey button).
    for (const element of document.querySelectorAll("[data-passkey-only]")) element.hidden = false;
    for (const element of document.querySelectorAll("[data-passkey]")) {
      element.hidden = false;
      setUp[element.dataset.passkey](element);
    }
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
