// punycode.js (the npm punycode, named so as not to meet Node's deprecated built-in) ships no
// types: what allowed-hosts.ts uses of it.
declare module 'punycode.js' {
  const punycode: {
    decode(input: string): string;
    encode(input: string): string;
  };
  export default punycode;
}
