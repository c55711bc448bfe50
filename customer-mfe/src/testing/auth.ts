// The shared mocked identity of shared-ui/testing, under the names these tests use.
export { authState, signIn, signOut } from 'shared-ui/testing';
