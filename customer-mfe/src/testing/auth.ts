// The shared mocked identity of shared-ui/testing, under the names these tests use.
export { signIn } from 'shared-ui/testing';
