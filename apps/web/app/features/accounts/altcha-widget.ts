// The ALTCHA web component in its "external" build, as ALTCHA documents for a strict
// Content-Security-Policy: the default build injects its stylesheet as an inline <style> element
// (which the page's policy does not allow) and carries its workers inline. Here the stylesheet and
// the proof-of-work worker are files of our build, loaded with this chunk.
import "altcha/external";
import "altcha/altcha.css";
import ShaWorker from "altcha/workers/sha?worker";

// The server's challenges use SHA-256 (apps/server/src/modules/auth/captcha.ts); the other SHA
// variants share the worker.
for (const algorithm of ["SHA-256", "SHA-384", "SHA-512"]) $altcha.algorithms.set(algorithm, () => new ShaWorker());
