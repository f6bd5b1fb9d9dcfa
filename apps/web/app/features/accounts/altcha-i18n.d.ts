// The regional ALTCHA translations ship without type declarations; they only register themselves.
declare module "altcha/i18n/es-es";
declare module "altcha/i18n/pt-br";
