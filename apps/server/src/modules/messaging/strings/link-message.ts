// The strings of an e-mail whose point is one single-use link (confirming the address, resetting
// the password): the expiry sentence carries the link's lifetime as a placeholder.
export type LinkMessageStrings = {
  subject: string;
  heading: string;
  intro: string;
  action: string;
  expiry: string;
  ignore: string;
};
