# Records say where they were logged: filename, lineno, funcName and
# module through the frames, and stacklevel counts out from the caller.
import logging, sys
logging.basicConfig(level=logging.DEBUG, stream=sys.stdout,
    format="%(levelname)s %(filename)s:%(lineno)d %(funcName)s %(module)s %(message)s")
log = logging.getLogger("app")
def work():
    log.info("in work")
    helper()
def helper():
    log.warning("helper, stacklevel 2", stacklevel=2)
    logging.error("module-level function")
work()
log.debug("top")
class C:
    def m(self):
        log.info("method")
C().m()
log.info("too deep", stacklevel=50)
