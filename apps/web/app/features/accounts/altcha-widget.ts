// The ALTCHA web component in its "external" build: the default build injects its stylesheet as an
// inline <style> element, which the page's Content-Security-Policy does not allow; here the same
// stylesheet is a file of our build, loaded together with this chunk.
import "altcha/external";
import "altcha/altcha.css";
