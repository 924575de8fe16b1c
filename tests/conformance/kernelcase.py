"""KernelClass: a unittest.TestCase with one rbm-kernel for the whole
class, started through jupyter_client, whose stderr (the worker's runtime
dumps of the cells that end it) goes to build/test/<LOG>, not the test log;
KernelPerTest: the same with a kernel for each test. Used by test_soak.py
and test_go_programs.py."""
import os
import unittest

from jupyter_client.manager import start_new_kernel

HERE = os.path.dirname(os.path.abspath(__file__))
LOG_DIR = os.path.join(HERE, "..", "..", "build", "test")


class KernelClass(unittest.TestCase):
    """One kernel for the class: cls.km and cls.kc."""

    LOG = "kernel.log"

    @classmethod
    def setUpClass(cls):
        os.makedirs(LOG_DIR, exist_ok=True)
        cls.kernel_log = open(os.path.join(LOG_DIR, cls.LOG), "w")
        cls.km, cls.kc = start_new_kernel(kernel_name="rbm-kernel", stderr=cls.kernel_log)

    @classmethod
    def tearDownClass(cls):
        cls.kc.stop_channels()
        cls.km.shutdown_kernel(now=True)
        cls.kernel_log.close()


class KernelPerTest(unittest.TestCase):
    """A kernel of its own for each test (self.km, self.kc), its stderr in
    build/test/<LOG_PREFIX>-<test name>.log."""

    LOG_PREFIX = "kernel"

    def setUp(self):
        os.makedirs(LOG_DIR, exist_ok=True)
        self.kernel_log = open(os.path.join(LOG_DIR, f"{self.LOG_PREFIX}-{self._testMethodName}.log"), "w")
        self.km, self.kc = start_new_kernel(kernel_name="rbm-kernel", stderr=self.kernel_log)

    def tearDown(self):
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)
        self.kernel_log.close()
