package frontend

// SourceName is sourceName, for the external tests (package frontend_test).
var SourceName = sourceName

// AnnotationsHeader is annotationsHeader, for the external tests.
const AnnotationsHeader = annotationsHeader

// ASTDeclLine is astDeclLine, for the external tests.
var ASTDeclLine = astDeclLine
