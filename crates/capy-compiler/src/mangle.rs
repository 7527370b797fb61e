//! Private name mangling: inside a class, an identifier written `__name`
//! (two leading underscores, not two trailing) stands for `_Class__name`,
//! so that a class's private attributes do not collide with its
//! subclasses'. CPython does this while compiling; here it is one pass
//! over the tree before the symbol table is built, so the symbol table
//! and the compiler both see the mangled names and need not know of it.
//!
//! What is renamed, in a class body and the functions, lambdas and
//! comprehensions nested in it (a nested class renames by its own name):
//! names, attribute names, parameters, `global`
//! and `nonlocal` names, the names of functions and classes defined there,
//! and `except ... as` names. Keyword argument names in calls and module
//! names in imports are left as written (as CPython leaves them).

use rustpython_parser::ast::{self, fold, text_size::TextRange, Fold, Identifier};
use std::convert::Infallible;

/// Whether the source has a name that a class may mangle (a cheap test on
/// the tokens, so the tree is rewritten only when it may change).
pub(crate) fn is_private(name: &str) -> bool {
    name.starts_with("__") && !name.ends_with("__") && !name.contains('.')
}

/// Rewrites `body` with its private names mangled.
pub(crate) fn mangle(body: Vec<ast::Stmt>) -> Vec<ast::Stmt> {
    let mut m = Mangler { private: None };
    match m.fold(body) {
        Ok(b) => b,
        Err(never) => match never {},
    }
}

struct Mangler {
    /// The enclosing class's name without its leading underscores; None
    /// outside classes (and in a class named only with underscores).
    private: Option<String>,
}

impl Mangler {
    fn id(&self, name: Identifier) -> Identifier {
        match &self.private {
            Some(class) if is_private(name.as_str()) => {
                Identifier::new(format!("_{class}{}", name.as_str()))
            }
            _ => name,
        }
    }
}

impl Fold<TextRange> for Mangler {
    type TargetU = TextRange;
    type Error = Infallible;
    type UserContext = ();

    fn will_map_user(&mut self, _: &TextRange) {}

    fn map_user(&mut self, user: TextRange, _: ()) -> Result<TextRange, Infallible> {
        Ok(user)
    }

    fn fold_stmt_class_def(
        &mut self,
        mut node: ast::StmtClassDef,
    ) -> Result<ast::StmtClassDef, Infallible> {
        let own = node.name.as_str().trim_start_matches('_').to_string();
        node.name = self.id(node.name);
        // Bases, keywords and decorators are evaluated outside the class.
        node.bases = self.fold(node.bases)?;
        node.keywords = self.fold(node.keywords)?;
        node.decorator_list = self.fold(node.decorator_list)?;
        let outer = std::mem::replace(&mut self.private, (!own.is_empty()).then_some(own));
        let body = self.fold(node.body);
        self.private = outer;
        node.body = body?;
        Ok(node)
    }

    fn fold_stmt_function_def(
        &mut self,
        mut node: ast::StmtFunctionDef,
    ) -> Result<ast::StmtFunctionDef, Infallible> {
        node.name = self.id(node.name);
        fold::fold_stmt_function_def(self, node)
    }

    fn fold_stmt_async_function_def(
        &mut self,
        mut node: ast::StmtAsyncFunctionDef,
    ) -> Result<ast::StmtAsyncFunctionDef, Infallible> {
        node.name = self.id(node.name);
        fold::fold_stmt_async_function_def(self, node)
    }

    fn fold_stmt_global(
        &mut self,
        mut node: ast::StmtGlobal,
    ) -> Result<ast::StmtGlobal, Infallible> {
        node.names = node.names.into_iter().map(|n| self.id(n)).collect();
        Ok(node)
    }

    fn fold_stmt_nonlocal(
        &mut self,
        mut node: ast::StmtNonlocal,
    ) -> Result<ast::StmtNonlocal, Infallible> {
        node.names = node.names.into_iter().map(|n| self.id(n)).collect();
        Ok(node)
    }

    fn fold_excepthandler_except_handler(
        &mut self,
        mut node: ast::ExceptHandlerExceptHandler,
    ) -> Result<ast::ExceptHandlerExceptHandler, Infallible> {
        node.name = node.name.map(|n| self.id(n));
        fold::fold_excepthandler_except_handler(self, node)
    }

    fn fold_expr_name(&mut self, mut node: ast::ExprName) -> Result<ast::ExprName, Infallible> {
        node.id = self.id(node.id);
        Ok(node)
    }

    fn fold_expr_attribute(
        &mut self,
        mut node: ast::ExprAttribute,
    ) -> Result<ast::ExprAttribute, Infallible> {
        node.attr = self.id(node.attr);
        fold::fold_expr_attribute(self, node)
    }

    // Names bound or read by `case` patterns.
    fn fold_pattern_match_as(
        &mut self,
        mut node: ast::PatternMatchAs,
    ) -> Result<ast::PatternMatchAs, Infallible> {
        node.name = node.name.map(|n| self.id(n));
        fold::fold_pattern_match_as(self, node)
    }

    fn fold_pattern_match_star(
        &mut self,
        mut node: ast::PatternMatchStar,
    ) -> Result<ast::PatternMatchStar, Infallible> {
        node.name = node.name.map(|n| self.id(n));
        Ok(node)
    }

    fn fold_pattern_match_mapping(
        &mut self,
        mut node: ast::PatternMatchMapping,
    ) -> Result<ast::PatternMatchMapping, Infallible> {
        node.rest = node.rest.map(|n| self.id(n));
        fold::fold_pattern_match_mapping(self, node)
    }

    fn fold_pattern_match_class(
        &mut self,
        mut node: ast::PatternMatchClass,
    ) -> Result<ast::PatternMatchClass, Infallible> {
        node.kwd_attrs = node.kwd_attrs.into_iter().map(|n| self.id(n)).collect();
        fold::fold_pattern_match_class(self, node)
    }

    fn fold_arg(&mut self, mut node: ast::Arg) -> Result<ast::Arg, Infallible> {
        node.arg = self.id(node.arg);
        fold::fold_arg(self, node)
    }
}
