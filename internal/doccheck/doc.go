// Package doccheck holds the test that keeps the project's rule "every
// function documented" (issue 20): TestEveryFunctionDocumented parses
// every non-test .go file of the module, whatever its build tags, and
// fails listing each function or method without a doc comment. It has
// no code of its own; the package exists for its test.
package doccheck
