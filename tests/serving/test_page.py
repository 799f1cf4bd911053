"""The page in a real browser: Debian's headless Chromium, driven through its chromedriver,
against `klareco serve` over the default corpus.

Set KLARECO_PAGE_SCREENSHOT=1 to also write the screenshot to docs/klareco-page.png (the
README's picture).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from klareco.config import project_root
from tests.serving.conftest import Server, running_server

pytestmark = pytest.mark.corpus

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
WAIT = 60  # seconds for an answer to appear (a busy machine, a cold cache)


@pytest.fixture(scope="module")
def server(real_home: Path) -> Iterator[Server]:
    with running_server(real_home) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    if CHROMIUM is None or CHROMEDRIVER is None:
        missing = "Debian's chromium and chromium-driver are not installed"
        if os.environ.get("CI"):
            pytest.fail(f"{missing}: .ci/run installs them")
        pytest.skip(f"{missing} (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--window-size=1000,1100", "--lang=eo"):
        options.add_argument(argument)
    # the driver is given, so Selenium Manager never tries to download one
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()


def test_ofelio_answer_with_highlighted_evidence(browser: webdriver.Chrome, server: Server,
                                                 tmp_path: Path) -> None:
    browser.get(server.url)
    field = browser.find_element(By.ID, "question")
    field.send_keys("Kiu estas Ofelio?", Keys.ENTER)
    WebDriverWait(browser, WAIT).until(
        lambda driver: "filino de Polonio" in driver.find_element(By.ID, "answer").text)
    first = browser.find_element(By.CSS_SELECTOR, "#evidence li.answering")
    assert first.find_element(By.CSS_SELECTOR, "mark.answer-span").text == "filino de Polonio"
    assert "Ofelio" in [m.text for m in first.find_elements(By.CSS_SELECTOR, ".match")]
    link = first.find_element(By.CSS_SELECTOR, ".citation a")
    assert link.text.startswith("Hamleto") and link.get_attribute("href").endswith(
        "hamleto.xml")
    assert "Certeco" in browser.find_element(By.ID, "answer-meta").text
    browser.save_screenshot(str(tmp_path / "klareco-page.png"))  # the answer and its evidence

    browser.find_element(By.ID, "ast-toggle").click()
    WebDriverWait(browser, WAIT).until(
        lambda driver: len(driver.find_elements(By.CSS_SELECTOR, "#ast-view .tree")) == 2)
    question_tree, answer_tree = browser.find_elements(By.CSS_SELECTOR, "#ast-view .tree")
    assert "demandas la rolon predikativo" in question_tree.text
    assert "Respondo filino de Polonio → ĝia loko en la frazo: apozicio" in answer_tree.text
    marked = answer_tree.find_elements(By.CSS_SELECTOR, "tr.answering td.form")
    assert [cell.text for cell in marked] == ["filino", "de", "Polonio"]
    assert "fil·in·o" in answer_tree.text  # the words' morphemes

    assert (tmp_path / "klareco-page.png").stat().st_size > 10_000
    if os.environ.get("KLARECO_PAGE_SCREENSHOT"):
        docs = project_root() / "docs"
        docs.mkdir(exist_ok=True)
        shutil.copyfile(tmp_path / "klareco-page.png", docs / "klareco-page.png")


def test_unknown_name_says_mi_ne_scias_with_the_reason(browser: webdriver.Chrome,
                                                        server: Server) -> None:
    browser.get(server.url)
    example = [b for b in browser.find_elements(By.CSS_SELECTOR, ".example")
               if b.text == "Kiu estas Mitrandiro?"]
    example[0].click()
    WebDriverWait(browser, WAIT).until(
        lambda driver: driver.find_element(By.ID, "answer").text == "Mi ne scias.")
    assert "does not mention the name Mitrandiro" in browser.find_element(
        By.ID, "answer-meta").text


def test_parse_tab_with_x_system_input(browser: webdriver.Chrome, server: Server) -> None:
    browser.get(server.url)
    browser.find_element(By.ID, "tab-parse").click()
    field = browser.find_element(By.ID, "parse-text")
    field.send_keys("La hundon vidas la kato en la gxardeno.")
    assert field.get_attribute("value") == "La hundon vidas la kato en la ĝardeno."
    field.send_keys(Keys.ENTER)
    WebDriverWait(browser, WAIT).until(
        lambda driver: driver.find_elements(By.CSS_SELECTOR, "#parse-view .tree"))
    roles = {row.find_element(By.CSS_SELECTOR, ".role-name").text:
             row.find_element(By.CSS_SELECTOR, ".role-text").text
             for row in browser.find_elements(By.CSS_SELECTOR, "#parse-view .role")}
    assert roles["objekto"] == "La hundon" and roles["subjekto"] == "la kato"
    browser.find_element(By.ID, "conllu-toggle").click()
    WebDriverWait(browser, WAIT).until(
        lambda driver: "\tobj\t" in driver.find_element(By.ID, "conllu").text
        or " obj " in driver.find_element(By.ID, "conllu").text)


def test_usable_at_phone_width(browser: webdriver.Chrome, server: Server) -> None:
    browser.set_window_size(390, 844)
    try:
        browser.get(server.url)
        browser.find_element(By.ID, "question").send_keys("Kion konstruis Noa?", Keys.ENTER)
        WebDriverWait(browser, WAIT).until(
            lambda driver: driver.find_element(By.ID, "answer").text)
        browser.find_element(By.ID, "ast-toggle").click()
        WebDriverWait(browser, WAIT).until(
            lambda driver: driver.find_elements(By.CSS_SELECTOR, "#ast-view .tree"))
        overflow = browser.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0  # nothing wider than the screen: no sideways scrolling
        button = browser.find_element(By.ID, "ask-button")
        assert button.is_displayed() and button.size["width"] >= 44  # big enough to tap
    finally:
        browser.set_window_size(1000, 1100)
